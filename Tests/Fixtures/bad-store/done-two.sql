-- done is a flag: 0 or 1.
PRAGMA ignore_check_constraints = ON;
UPDATE items SET done = 2 WHERE id = 's2';
