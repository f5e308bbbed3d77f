-- The items are gone altogether.
DROP TABLE items;
