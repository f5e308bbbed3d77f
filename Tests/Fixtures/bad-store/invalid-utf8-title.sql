-- A title that is not UTF-8 (text made from raw bytes).
UPDATE items SET title = CAST(X'48C328FF' AS TEXT) WHERE id = 's2';
