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
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "name" TEXT NOT NULL, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Publisher: the table 'Publisher' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK (', ''))) / 8 <> 2 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Publisher') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT NULL);
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "title" TEXT NOT NULL CHECK (length("title") <= 200), "subtitle" TEXT NOT NULL, "year" TEXT, "price" INTEGER, "stock" INTEGER DEFAULT 0, "rating" REAL, "legacyCode" TEXT, "flag" INTEGER CHECK ("flag" IN (0, 1)), "genre" TEXT CHECK ("genre" IN ('fiction', 'poetry')), "publisher" TEXT, "editor" TEXT, "owner" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: the table 'Book' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (', ''))) / 8 <> 5 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (length("title") <= 200)') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK ("flag" IN (0, 1))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK ("genre" IN (''fiction'', ''poetry''))') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' FOREIGN KEY (', ''))) / 14 <> 3 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), 'CONSTRAINT "Book_publisher_fkey" FOREIGN KEY ("publisher") REFERENCES "Publisher" ("objectId") ON DELETE SET NULL') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), 'CONSTRAINT "Book_editor_fkey" FOREIGN KEY ("editor") REFERENCES "Person" ("objectId") ON DELETE SET NULL') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), 'CONSTRAINT "Book_owner_fkey" FOREIGN KEY ("owner") REFERENCES "Person" ("objectId") ON DELETE CASCADE') = 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Book') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Book_editor_idx:0:editor;Book_owner_idx:0:owner;Book_publisher_idx:0:publisher;Book_year_idx:0:year');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "note" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Obsolete: the table 'Obsolete' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Obsolete', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Obsolete', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete'), ' CHECK (', ''))) / 8 <> 2 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Obsolete'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Obsolete') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT NULL);
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("owningId" TEXT NOT NULL, "relatedId" TEXT NOT NULL, PRIMARY KEY ("owningId", "relatedId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.oldTags: the table '_Join:oldTags:Book' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('_Join:oldTags:Book', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('_Join:oldTags:Book', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book'), ' CHECK (', ''))) / 8 <> 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book'), ' FOREIGN KEY (', ''))) / 14 <> 2 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book'), 'CONSTRAINT "_Join:oldTags:Book_owningId_fkey" FOREIGN KEY ("owningId") REFERENCES "Book" ("objectId") ON DELETE CASCADE') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = '_Join:oldTags:Book'), 'CONSTRAINT "_Join:oldTags:Book_relatedId_fkey" FOREIGN KEY ("relatedId") REFERENCES "Person" ("objectId") ON DELETE CASCADE') = 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('_Join:oldTags:Book') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT '_Join:oldTags:Book_relatedId_idx:0:relatedId');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";

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
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "name" TEXT NOT NULL,
    PRIMARY KEY ("objectId")
);

CREATE TABLE IF NOT EXISTS "_Join:tags:Book" (
    -- Relation 'tags' of Book: the Author objects each Book links to.
    "owningId" TEXT NOT NULL,
    "relatedId" TEXT NOT NULL,
    PRIMARY KEY ("owningId", "relatedId"),
    CONSTRAINT "_Join:tags:Book_owningId_fkey" FOREIGN KEY ("owningId") REFERENCES "Book" ("objectId") ON DELETE CASCADE,
    CONSTRAINT "_Join:tags:Book_relatedId_fkey" FOREIGN KEY ("relatedId") REFERENCES "Author" ("objectId") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "_Join:tags:Book_relatedId_idx" ON "_Join:tags:Book" ("relatedId");

-- Book: rebuilt ("Book" changes in ways ALTER TABLE cannot make).
SELECT 'modelgen: Book.title: some values break its new minLength or maxLength: change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE NOT (length("title") <= 100) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.title: some values break its new minLength or maxLength: change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE NOT (length("title") <= 100));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.year changes from string to int (TEXT to INTEGER), and some values would not stay the same (text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or '' 7''), or beyond the 64-bit integers): change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "year" IS NOT NULL AND (NOT (CAST(CAST("year" AS INTEGER) AS TEXT) = "year")) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.year changes from string to int (TEXT to INTEGER), and some values would not stay the same (text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or ' 7'), or beyond the 64-bit integers): change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "year" IS NOT NULL AND (NOT (CAST(CAST("year" AS INTEGER) AS TEXT) = "year")));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.price changes from int to double (INTEGER to REAL), and some values would not stay the same (integers beyond ±2^53, which a double does not hold exactly): change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "price" IS NOT NULL AND ("price" NOT BETWEEN -9007199254740992 AND 9007199254740992) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.price changes from int to double (INTEGER to REAL), and some values would not stay the same (integers beyond ±2^53, which a double does not hold exactly): change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "price" IS NOT NULL AND ("price" NOT BETWEEN -9007199254740992 AND 9007199254740992));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.price: some values break its new min or max: change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM (SELECT "objectId", CAST("price" AS REAL) AS "price" FROM "Book") AS "modelgen_rows" WHERE NOT ("price" >= 0) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.price: some values break its new min or max: change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM (SELECT "objectId", CAST("price" AS REAL) AS "price" FROM "Book") AS "modelgen_rows" WHERE NOT ("price" >= 0));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.flag changes from bool to string (INTEGER to TEXT), and some values would not stay the same (values that are not 0 or 1): change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "flag" IS NOT NULL AND ("flag" NOT IN (0, 1)) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.flag changes from bool to string (INTEGER to TEXT), and some values would not stay the same (values that are not 0 or 1): change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "flag" IS NOT NULL AND ("flag" NOT IN (0, 1)));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.genre: some values break its new enum cases: change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE NOT ("genre" IN ('fiction', 'poetry', 'drama')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.genre: some values break its new enum cases: change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE NOT ("genre" IN ('fiction', 'poetry', 'drama')));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.publisher is now required, and some rows have no value: fill them in first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "publisher" IS NULL ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.publisher is now required, and some rows have no value: fill them in first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "publisher" IS NULL);
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.publisher: some rows point to Publisher objects that do not exist: clear or fix them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "publisher" IS NOT NULL AND "publisher" NOT IN (SELECT "objectId" FROM "Publisher") ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.publisher: some rows point to Publisher objects that do not exist: clear or fix them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "publisher" IS NOT NULL AND "publisher" NOT IN (SELECT "objectId" FROM "Publisher"));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.editor: some rows point to Author objects that do not exist: clear or fix them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "editor" IS NOT NULL AND "editor" NOT IN (SELECT "objectId" FROM "Author") ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.editor: some rows point to Author objects that do not exist: clear or fix them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "editor" IS NOT NULL AND "editor" NOT IN (SELECT "objectId" FROM "Author"));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Book.owner: some rows point to Person objects that do not exist: clear or fix them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "owner" IS NOT NULL AND "owner" NOT IN (SELECT "objectId" FROM "Person") ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.owner: some rows point to Person objects that do not exist: clear or fix them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE "owner" IS NOT NULL AND "owner" NOT IN (SELECT "objectId" FROM "Person"));
DROP TABLE "modelgen_guard";
CREATE TABLE IF NOT EXISTS "modelgen_new_Book" (
    -- A published book.
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    -- The full title.
    "title" TEXT NOT NULL CHECK (length("title") <= 100),
    "subtitle" TEXT,
    "year" INTEGER,
    "price" REAL CHECK ("price" >= 0),
    "stock" INTEGER DEFAULT 5,
    "rating" REAL DEFAULT 2.5,
    "isbn" TEXT NOT NULL DEFAULT 'unknown',
    "flag" TEXT,
    "genre" TEXT CHECK ("genre" IN ('fiction', 'poetry', 'drama')),
    "publisher" TEXT NOT NULL,
    "editor" TEXT,
    "owner" TEXT,
    "author" TEXT,
    PRIMARY KEY ("objectId"),
    CONSTRAINT "Book_publisher_fkey" FOREIGN KEY ("publisher") REFERENCES "Publisher" ("objectId") ON DELETE RESTRICT,
    CONSTRAINT "Book_editor_fkey" FOREIGN KEY ("editor") REFERENCES "Author" ("objectId") ON DELETE SET NULL,
    CONSTRAINT "Book_owner_fkey" FOREIGN KEY ("owner") REFERENCES "Person" ("objectId") ON DELETE SET NULL,
    CONSTRAINT "Book_author_fkey" FOREIGN KEY ("author") REFERENCES "Author" ("objectId") ON DELETE SET NULL
);
INSERT INTO "modelgen_new_Book" ("objectId", "createdAt", "updatedAt", "ACL", "title", "subtitle", "year", "price", "stock", "rating", "flag", "genre", "publisher", "editor", "owner")
    SELECT "objectId", "createdAt", "updatedAt", "ACL", "title", "subtitle", CAST("year" AS INTEGER), CAST("price" AS REAL), "stock", "rating", CASE "flag" WHEN 1 THEN 'true' WHEN 0 THEN 'false' END, "genre", "publisher", "editor", "owner" FROM "Book";
DROP TABLE "Book";
ALTER TABLE "modelgen_new_Book" RENAME TO "Book";
CREATE INDEX IF NOT EXISTS "Book_author_idx" ON "Book" ("author");
CREATE INDEX IF NOT EXISTS "Book_by_title_and_year" ON "Book" ("title", "year");
CREATE INDEX IF NOT EXISTS "Book_publisher_idx" ON "Book" ("publisher");
CREATE INDEX IF NOT EXISTS "Book_editor_idx" ON "Book" ("editor");
CREATE INDEX IF NOT EXISTS "Book_owner_idx" ON "Book" ("owner");

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
