-- A column added by hand.
ALTER TABLE items ADD COLUMN rating INTEGER;
