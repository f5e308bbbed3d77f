-- A kind this Tessera does not know.
PRAGMA ignore_check_constraints = ON;
UPDATE items SET kind = 'widget' WHERE id = 's2';
