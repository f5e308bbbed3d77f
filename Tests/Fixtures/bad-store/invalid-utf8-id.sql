-- An id that is not UTF-8.
UPDATE items SET id = CAST(X'C328' AS TEXT) WHERE id = 's2';
