-- A colour that is not 0xRRGGBBAA.
PRAGMA ignore_check_constraints = ON;
UPDATE items SET color = -1 WHERE id = 's2';
