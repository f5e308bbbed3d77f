-- Another program's SQLite file that happens to have our tables.
PRAGMA application_id = 7;
