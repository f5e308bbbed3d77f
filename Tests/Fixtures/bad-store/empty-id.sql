-- An empty id.
PRAGMA ignore_check_constraints = ON;
UPDATE items SET id = '' WHERE id = 's2';
