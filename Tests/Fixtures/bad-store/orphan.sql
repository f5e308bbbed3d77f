-- An item in a folder that does not exist.
UPDATE items SET section = NULL, folder = 'nowhere' WHERE id = 's2';
