-- An index Tessera made is gone.
DROP INDEX items_in_folder;
