-- A table Tessera did not make.
CREATE TABLE notes (body TEXT);
