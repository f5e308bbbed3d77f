-- An item in a section that does not exist.
UPDATE items SET section = 'gone' WHERE id = 's2';
