-- Written by a later Tessera: a schema version this one does not know.
PRAGMA user_version = 9;
