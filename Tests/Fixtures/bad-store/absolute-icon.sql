-- An absolute path as an icon.
UPDATE items SET icon = '/etc/shadow' WHERE id = 's2';
