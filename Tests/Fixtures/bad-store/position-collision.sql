-- Two items of one section at the same position: they have no order.
UPDATE items SET position = (SELECT position FROM items WHERE id = 's3') WHERE id = 's2';
