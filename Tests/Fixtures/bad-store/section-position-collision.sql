-- Two sections at the same position.
UPDATE sections SET position = (SELECT position FROM sections WHERE id = 'today') WHERE id = 'next';
