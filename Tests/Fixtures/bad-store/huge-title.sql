-- A title longer than any a user types (no CHECK bounds it in the table).
UPDATE items SET title = printf('%.*c', 5000, 'x') WHERE id = 's2';
