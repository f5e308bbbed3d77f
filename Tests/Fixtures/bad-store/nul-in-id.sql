-- An id with a NUL in it (SQLite's length() stops there).
UPDATE items SET id = 's2' || char(0) || 'x' WHERE id = 's2';
