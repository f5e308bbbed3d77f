-- An aspect ratio outside what masonry lays out.
PRAGMA ignore_check_constraints = ON;
UPDATE items SET aspect = 50 WHERE id = 's2';
