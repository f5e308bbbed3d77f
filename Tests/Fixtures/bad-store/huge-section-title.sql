-- A section title longer than any a user types.
UPDATE sections SET title = printf('%.*c', 5000, 'x') WHERE id = 'next';
