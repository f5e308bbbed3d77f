-- A folder moved inside another folder.
UPDATE items SET section = NULL, folder = 'travel', position = 1 WHERE id = 'media';
