-- test

-- Foreign keys stay off while tables are rebuilt (dropping a table would otherwise delete
-- or block the rows that point to it); they are checked before COMMIT and turned on after.
PRAGMA foreign_keys = OFF;

BEGIN;

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "name" TEXT NOT NULL, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Publisher: the table 'Publisher' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Publisher', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK (', ''))) / 8 <> 2 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Publisher'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Publisher') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Publisher_unique_name:1:name');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "name" TEXT NOT NULL, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Author: the table 'Author' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Author', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Author', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author'), ' CHECK (', ''))) / 8 <> 2 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Author'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Author') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT NULL);
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "title" TEXT NOT NULL CHECK (length("title") <= 100), "subtitle" TEXT, "year" INTEGER, "price" REAL CHECK ("price" >= 0), "stock" INTEGER DEFAULT 5, "rating" REAL DEFAULT 2.5, "isbn" TEXT NOT NULL DEFAULT 'unknown', "flag" TEXT, "genre" TEXT CHECK ("genre" IN ('fiction', 'poetry', 'drama')), "publisher" TEXT NOT NULL, "editor" TEXT, "owner" TEXT, "author" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book: the table 'Book' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Book', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (', ''))) / 8 <> 5 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK (length("title") <= 100)') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK ("price" >= 0)') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' CHECK ("genre" IN (''fiction'', ''poetry'', ''drama''))') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), ' FOREIGN KEY (', ''))) / 14 <> 4 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), 'CONSTRAINT "Book_publisher_fkey" FOREIGN KEY ("publisher") REFERENCES "Publisher" ("objectId") ON DELETE RESTRICT') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), 'CONSTRAINT "Book_editor_fkey" FOREIGN KEY ("editor") REFERENCES "Author" ("objectId") ON DELETE SET NULL') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), 'CONSTRAINT "Book_owner_fkey" FOREIGN KEY ("owner") REFERENCES "Person" ("objectId") ON DELETE SET NULL') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Book'), 'CONSTRAINT "Book_author_fkey" FOREIGN KEY ("author") REFERENCES "Author" ("objectId") ON DELETE SET NULL') = 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Book') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Book_author_idx:0:author;Book_by_title_and_year:0:title,year;Book_editor_idx:0:editor;Book_owner_idx:0:owner;Book_publisher_idx:0:publisher');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";

-- Publisher: rebuilt ("Publisher" changes in ways ALTER TABLE cannot make).
CREATE TABLE IF NOT EXISTS "modelgen_new_Publisher" (
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "name" TEXT NOT NULL,
    "founded" TEXT,
    PRIMARY KEY ("objectId")
);
INSERT INTO "modelgen_new_Publisher" ("objectId", "createdAt", "updatedAt", "ACL", "name")
    SELECT "objectId", "createdAt", "updatedAt", "ACL", "name" FROM "Publisher";
DROP TABLE "Publisher";
ALTER TABLE "modelgen_new_Publisher" RENAME TO "Publisher";
CREATE UNIQUE INDEX IF NOT EXISTS "Publisher_unique_name" ON "Publisher" ("name");

-- Author: rebuilt ("Author" changes in ways ALTER TABLE cannot make).
CREATE TABLE IF NOT EXISTS "modelgen_new_Author" (
    -- Who wrote it.
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "name" TEXT NOT NULL,
    "born" TEXT,
    PRIMARY KEY ("objectId")
);
INSERT INTO "modelgen_new_Author" ("objectId", "createdAt", "updatedAt", "ACL", "name")
    SELECT "objectId", "createdAt", "updatedAt", "ACL", "name" FROM "Author";
DROP TABLE "Author";
ALTER TABLE "modelgen_new_Author" RENAME TO "Author";

-- Book: rebuilt ("Book" changes in ways ALTER TABLE cannot make).
SELECT 'modelgen: Book.price: some values break its new min or max: change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE NOT ("price" >= 1) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Book.price: some values break its new min or max: change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Book" WHERE NOT ("price" >= 1));
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
    "price" REAL CHECK ("price" >= 1),
    "stock" INTEGER DEFAULT 5,
    "rating" REAL DEFAULT 2.5,
    "isbn" TEXT NOT NULL DEFAULT 'unknown',
    "pages" INTEGER NOT NULL DEFAULT 0,
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
INSERT INTO "modelgen_new_Book" ("objectId", "createdAt", "updatedAt", "ACL", "title", "subtitle", "year", "price", "stock", "rating", "isbn", "flag", "genre", "publisher", "editor", "owner", "author")
    SELECT "objectId", "createdAt", "updatedAt", "ACL", "title", "subtitle", "year", "price", "stock", "rating", "isbn", "flag", "genre", "publisher", "editor", "owner", "author" FROM "Book";
DROP TABLE "Book";
ALTER TABLE "modelgen_new_Book" RENAME TO "Book";
CREATE INDEX IF NOT EXISTS "Book_author_idx" ON "Book" ("author");
CREATE INDEX IF NOT EXISTS "Book_by_title_and_year" ON "Book" ("title", "year");
CREATE INDEX IF NOT EXISTS "Book_publisher_idx" ON "Book" ("publisher");
CREATE INDEX IF NOT EXISTS "Book_editor_idx" ON "Book" ("editor");
CREATE INDEX IF NOT EXISTS "Book_owner_idx" ON "Book" ("owner");

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
