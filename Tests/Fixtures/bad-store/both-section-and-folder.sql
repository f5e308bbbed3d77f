-- An item in a section and a folder at once (its CHECK was switched off).
PRAGMA ignore_check_constraints = ON;
UPDATE items SET folder = 'travel' WHERE id = 's2';
