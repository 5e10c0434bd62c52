-- test

-- Foreign keys stay off while tables are rebuilt (dropping a table would otherwise delete
-- or block the rows that point to it); they are checked before COMMIT and turned on after.
PRAGMA foreign_keys = OFF;

BEGIN;

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT, "createdAt" TEXT, "updatedAt" TEXT, "name" TEXT, "_rperm" TEXT, "_wperm" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Publisher: the table 'Publisher' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Publisher') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Publisher_unique_name:1:name');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT, "createdAt" TEXT, "updatedAt" TEXT, "name" TEXT, "_rperm" TEXT, "_wperm" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Author: the table 'Author' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Author', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Author', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Author') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT NULL);
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT, "createdAt" TEXT, "updatedAt" TEXT, "title" TEXT, "subtitle" TEXT, "year" REAL, "price" REAL, "stock" REAL, "rating" REAL, "isbn" TEXT, "flag" TEXT, "genre" TEXT, "publisher" TEXT, "editor" TEXT, "owner" TEXT, "author" TEXT, "_rperm" TEXT, "_wperm" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: the table 'Book' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Book') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Book_author_idx:0:author;Book_by_title_and_year:0:title,year');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";

-- Parse Server's records in _SCHEMA are kept in step in PostgreSQL only: none names a class this migration changes.
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Publisher: _SCHEMA records the class, and this migration changes it: modelgen keeps Parse Server's records in step in PostgreSQL, where Parse Server runs, not in SQLite; delete the class's row from _SCHEMA, or migrate the PostgreSQL database" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "_SCHEMA" WHERE "className" = 'Publisher');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Author: _SCHEMA records the class, and this migration changes it: modelgen keeps Parse Server's records in step in PostgreSQL, where Parse Server runs, not in SQLite; delete the class's row from _SCHEMA, or migrate the PostgreSQL database" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "_SCHEMA" WHERE "className" = 'Author');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: _SCHEMA records the class, and this migration changes it: modelgen keeps Parse Server's records in step in PostgreSQL, where Parse Server runs, not in SQLite; delete the class's row from _SCHEMA, or migrate the PostgreSQL database" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "_SCHEMA" WHERE "className" = 'Book');
DROP TABLE "modelgen_guard";

-- Publisher: rebuilt ("Publisher" changes in ways ALTER TABLE cannot make).
CREATE TABLE IF NOT EXISTS "modelgen_new_Publisher" (
    "objectId" TEXT,
    "createdAt" TEXT,
    "updatedAt" TEXT,
    "name" TEXT,
    "founded" TEXT,
    "_rperm" TEXT,
    "_wperm" TEXT,
    PRIMARY KEY ("objectId")
);
INSERT INTO "modelgen_new_Publisher" ("objectId", "createdAt", "updatedAt", "name", "_rperm", "_wperm")
    SELECT "objectId", "createdAt", "updatedAt", "name", "_rperm", "_wperm" FROM "Publisher";
DROP TABLE "Publisher";
ALTER TABLE "modelgen_new_Publisher" RENAME TO "Publisher";
CREATE UNIQUE INDEX IF NOT EXISTS "Publisher_unique_name" ON "Publisher" ("name");

-- Author: rebuilt ("Author" changes in ways ALTER TABLE cannot make).
CREATE TABLE IF NOT EXISTS "modelgen_new_Author" (
    -- Who wrote it.
    "objectId" TEXT,
    "createdAt" TEXT,
    "updatedAt" TEXT,
    "name" TEXT,
    "born" TEXT,
    "_rperm" TEXT,
    "_wperm" TEXT,
    PRIMARY KEY ("objectId")
);
INSERT INTO "modelgen_new_Author" ("objectId", "createdAt", "updatedAt", "name", "_rperm", "_wperm")
    SELECT "objectId", "createdAt", "updatedAt", "name", "_rperm", "_wperm" FROM "Author";
DROP TABLE "Author";
ALTER TABLE "modelgen_new_Author" RENAME TO "Author";

-- Book: rebuilt ("Book" changes in ways ALTER TABLE cannot make).
CREATE TABLE IF NOT EXISTS "modelgen_new_Book" (
    -- A published book.
    "objectId" TEXT,
    "createdAt" TEXT,
    "updatedAt" TEXT,
    -- The full title.
    "title" TEXT,
    "subtitle" TEXT,
    "year" REAL,
    "price" REAL,
    "stock" REAL,
    "rating" REAL,
    "isbn" TEXT,
    "pages" REAL,
    "flag" TEXT,
    "genre" TEXT,
    "publisher" TEXT,
    "editor" TEXT,
    "owner" TEXT,
    "author" TEXT,
    "_rperm" TEXT,
    "_wperm" TEXT,
    PRIMARY KEY ("objectId")
);
INSERT INTO "modelgen_new_Book" ("objectId", "createdAt", "updatedAt", "title", "subtitle", "year", "price", "stock", "rating", "isbn", "flag", "genre", "publisher", "editor", "owner", "author", "_rperm", "_wperm")
    SELECT "objectId", "createdAt", "updatedAt", "title", "subtitle", "year", "price", "stock", "rating", "isbn", "flag", "genre", "publisher", "editor", "owner", "author", "_rperm", "_wperm" FROM "Book";
DROP TABLE "Book";
ALTER TABLE "modelgen_new_Book" RENAME TO "Book";
CREATE INDEX IF NOT EXISTS "Book_author_idx" ON "Book" ("author");
CREATE INDEX IF NOT EXISTS "Book_by_title_and_year" ON "Book" ("title", "year");

-- Every row of a rebuilt table points to a row that exists.
SELECT 'modelgen: Publisher: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(''Publisher'') lists them) (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Publisher" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Publisher')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Publisher: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('Publisher') lists them)" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Publisher" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Publisher')));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Author: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(''Author'') lists them) (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Author" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Author')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Author: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('Author') lists them)" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Author" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Author')));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(''Book'') lists them) (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Book')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('Book') lists them)" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Book')));
DROP TABLE "modelgen_guard";

COMMIT;

PRAGMA foreign_keys = ON;
