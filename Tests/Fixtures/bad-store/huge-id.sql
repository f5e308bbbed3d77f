-- An id longer than 256 bytes.
PRAGMA ignore_check_constraints = ON;
UPDATE items SET id = printf('%.*c', 300, 'i') WHERE id = 's2';
