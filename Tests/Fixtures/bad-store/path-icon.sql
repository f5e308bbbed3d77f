-- An icon that is a path: never joined onto the assets folder.
UPDATE items SET icon = '../../etc/passwd' WHERE id = 's2';
