-- A folder whose items were all deleted.
DELETE FROM items WHERE folder = 'travel';
