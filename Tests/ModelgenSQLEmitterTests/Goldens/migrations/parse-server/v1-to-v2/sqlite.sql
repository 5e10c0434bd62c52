-- test
-- It drops data, as accepted with --allow-data-loss:
--   Obsolete: dropping the table loses its rows
--   Book.oldTags: dropping the relation's join table '_Join:oldTags:Book' loses its links
--   Book.legacyCode: dropping the column loses its data

-- Foreign keys stay off while tables are rebuilt (dropping a table would otherwise delete
-- or block the rows that point to it); they are checked before COMMIT and turned on after.
PRAGMA foreign_keys = OFF;

BEGIN;

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT, "createdAt" TEXT, "updatedAt" TEXT, "name" TEXT, "_rperm" TEXT, "_wperm" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Publisher: the table 'Publisher' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Publisher') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT NULL);
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT, "createdAt" TEXT, "updatedAt" TEXT, "title" TEXT, "subtitle" TEXT, "year" TEXT, "price" REAL, "stock" REAL, "rating" REAL, "legacyCode" TEXT, "flag" INTEGER, "genre" TEXT, "publisher" TEXT, "editor" TEXT, "owner" TEXT, "_rperm" TEXT, "_wperm" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: the table 'Book' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Book') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Book_year_idx:0:year');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT, "createdAt" TEXT, "updatedAt" TEXT, "note" TEXT, "_rperm" TEXT, "_wperm" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Obsolete: the table 'Obsolete' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Obsolete', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Obsolete', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Obsolete') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT NULL);
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("relatedId" TEXT, "owningId" TEXT, PRIMARY KEY ("relatedId", "owningId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.oldTags: the table '_Join:oldTags:Book' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('_Join:oldTags:Book', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('_Join:oldTags:Book', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('_Join:oldTags:Book') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT NULL);
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";

-- Parse Server's records in _SCHEMA are kept in step in PostgreSQL only: none names a class this migration changes.
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: _SCHEMA records the class, and this migration changes it: modelgen keeps Parse Server's records in step in PostgreSQL, where Parse Server runs, not in SQLite; delete the class's row from _SCHEMA, or migrate the PostgreSQL database" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "_SCHEMA" WHERE "className" = 'Book');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Obsolete: _SCHEMA records the class, and this migration changes it: modelgen keeps Parse Server's records in step in PostgreSQL, where Parse Server runs, not in SQLite; delete the class's row from _SCHEMA, or migrate the PostgreSQL database" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "_SCHEMA" WHERE "className" = 'Obsolete');
DROP TABLE "modelgen_guard";

-- Tables that go, with their rows.
DROP TABLE "Obsolete";
DROP TABLE "_Join:oldTags:Book";

-- New tables.
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Author: the database has a table 'Author' already, so it was not made from the old schema: migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'Author');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.tags: the database has a table '_Join:tags:Book' already, so it was not made from the old schema: migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_Join:tags:Book');
DROP TABLE "modelgen_guard";

CREATE TABLE IF NOT EXISTS "Author" (
    -- Who wrote it.
    "objectId" TEXT,
    "createdAt" TEXT,
    "updatedAt" TEXT,
    "name" TEXT,
    "_rperm" TEXT,
    "_wperm" TEXT,
    PRIMARY KEY ("objectId")
);

CREATE TABLE IF NOT EXISTS "_Join:tags:Book" (
    "relatedId" TEXT,
    "owningId" TEXT,
    PRIMARY KEY ("relatedId", "owningId")
);

-- Book: rebuilt ("Book" changes in ways ALTER TABLE cannot make).
SELECT 'modelgen: Book.year changes from string to int (TEXT to REAL), and some values would not stay the same (text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or '' 7''), or beyond ±2^53, which a double does not hold exactly): change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "year" IS NOT NULL AND (CASE WHEN CAST(CAST("year" AS INTEGER) AS TEXT) = "year" THEN CAST("year" AS INTEGER) NOT BETWEEN -9007199254740992 AND 9007199254740992 ELSE 1 END) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.year changes from string to int (TEXT to REAL), and some values would not stay the same (text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or ' 7'), or beyond ±2^53, which a double does not hold exactly): change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "year" IS NOT NULL AND (CASE WHEN CAST(CAST("year" AS INTEGER) AS TEXT) = "year" THEN CAST("year" AS INTEGER) NOT BETWEEN -9007199254740992 AND 9007199254740992 ELSE 1 END));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.flag changes from bool to string (INTEGER to TEXT), and some values would not stay the same (values that are not 0 or 1): change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "flag" IS NOT NULL AND ("flag" NOT IN (0, 1)) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.flag changes from bool to string (INTEGER to TEXT), and some values would not stay the same (values that are not 0 or 1): change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "flag" IS NOT NULL AND ("flag" NOT IN (0, 1)));
DROP TABLE "modelgen_guard";
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
INSERT INTO "modelgen_new_Book" ("objectId", "createdAt", "updatedAt", "title", "subtitle", "year", "price", "stock", "rating", "flag", "genre", "publisher", "editor", "owner", "_rperm", "_wperm")
    SELECT "objectId", "createdAt", "updatedAt", "title", "subtitle", CAST("year" AS REAL), "price", "stock", "rating", CASE "flag" WHEN 1 THEN 'true' WHEN 0 THEN 'false' END, "genre", "publisher", "editor", "owner", "_rperm", "_wperm" FROM "Book";
DROP TABLE "Book";
ALTER TABLE "modelgen_new_Book" RENAME TO "Book";
CREATE INDEX IF NOT EXISTS "Book_author_idx" ON "Book" ("author");
CREATE INDEX IF NOT EXISTS "Book_by_title_and_year" ON "Book" ("title", "year");

-- Indexes that are new or change.
SELECT 'modelgen: Publisher: the new unique index ''Publisher_unique_name'' finds rows with the same name: make them differ first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM (SELECT "objectId", count(*) OVER (PARTITION BY "name") AS "modelgen_count" FROM "Publisher" WHERE "name" IS NOT NULL) AS "modelgen_rows" WHERE "modelgen_count" > 1 ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Publisher: the new unique index 'Publisher_unique_name' finds rows with the same name: make them differ first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM (SELECT "objectId", count(*) OVER (PARTITION BY "name") AS "modelgen_count" FROM "Publisher" WHERE "name" IS NOT NULL) AS "modelgen_rows" WHERE "modelgen_count" > 1);
DROP TABLE "modelgen_guard";
CREATE UNIQUE INDEX IF NOT EXISTS "Publisher_unique_name" ON "Publisher" ("name");

-- Every row of a rebuilt table points to a row that exists.
SELECT 'modelgen: Book: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(''Book'') lists them) (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Book')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('Book') lists them)" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Book')));
DROP TABLE "modelgen_guard";

COMMIT;

PRAGMA foreign_keys = ON;
