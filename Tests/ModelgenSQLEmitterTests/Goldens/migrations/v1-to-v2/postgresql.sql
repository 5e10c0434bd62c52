-- test
-- It drops data, as accepted with --allow-data-loss:
--   Obsolete: dropping the table loses its rows
--   Book.oldTags: dropping the relation's join table '_Join:oldTags:Book' loses its links
--   Book.legacyCode: dropping the column loses its data

BEGIN;

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
CREATE TEMP TABLE "modelgen_expected" ("objectId" text NOT NULL, "createdAt" timestamp with time zone NOT NULL DEFAULT now(), "updatedAt" timestamp with time zone NOT NULL DEFAULT now(), "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'), "name" text NOT NULL, PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Publisher"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Publisher"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Publisher"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Publisher"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM NULL::text[] OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Publisher"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Publisher: the table ''Publisher'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" text NOT NULL, "createdAt" timestamp with time zone NOT NULL DEFAULT now(), "updatedAt" timestamp with time zone NOT NULL DEFAULT now(), "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'), "title" text NOT NULL CHECK (char_length("title") <= 200), "subtitle" text NOT NULL, "year" text, "price" bigint, "stock" bigint DEFAULT 0, "rating" double precision, "legacyCode" text, "flag" boolean, "genre" text CHECK ("genre" IN ('fiction', 'poetry')), "publisher" text, "editor" text, "owner" text, PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Book"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Book"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Book"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Book"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM unnest(ARRAY['Book_year_idx:false:' || quote_ident('year') || ':btree', 'Book_publisher_idx:false:' || quote_ident('publisher') || ':btree', 'Book_editor_idx:false:' || quote_ident('editor') || ':btree', 'Book_owner_idx:false:' || quote_ident('owner') || ':btree']) AS "index") OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Book"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM ARRAY['Book_editor_fkey editor Person n', 'Book_owner_fkey owner Person c', 'Book_publisher_fkey publisher Publisher n']::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Book: the table ''Book'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" text NOT NULL, "createdAt" timestamp with time zone NOT NULL DEFAULT now(), "updatedAt" timestamp with time zone NOT NULL DEFAULT now(), "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'), "note" text, PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Obsolete"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Obsolete"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Obsolete"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Obsolete"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM NULL::text[] OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Obsolete"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Obsolete: the table ''Obsolete'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("owningId" text NOT NULL, "relatedId" text NOT NULL, PRIMARY KEY ("owningId", "relatedId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"_Join:oldTags:Book"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"_Join:oldTags:Book"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"_Join:oldTags:Book"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"_Join:oldTags:Book"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM unnest(ARRAY['_Join:oldTags:Book_relatedId_idx:false:' || quote_ident('relatedId') || ':btree']) AS "index") OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"_Join:oldTags:Book"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM ARRAY['_Join:oldTags:Book_owningId_fkey owningId Book c', '_Join:oldTags:Book_relatedId_fkey relatedId Person c']::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.oldTags: the table ''_Join:oldTags:Book'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";

-- Foreign keys that change or go.
ALTER TABLE "Book" DROP CONSTRAINT "Book_publisher_fkey";
ALTER TABLE "Book" DROP CONSTRAINT "Book_editor_fkey";
ALTER TABLE "Book" DROP CONSTRAINT "Book_owner_fkey";

-- Indexes that change or go.
DROP INDEX "Book_year_idx";

-- CHECK constraints of columns whose rules or types change (added again below).
DO $modelgen$
DECLARE
    check_name name;
BEGIN
    FOR check_name IN
        SELECT c.conname FROM pg_catalog.pg_constraint c
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.conrelid = '"Book"'::regclass AND c.contype = 'c' AND a.attname IN ('title', 'price', 'genre')
    LOOP
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', 'Book', check_name);
    END LOOP;
END
$modelgen$;

-- Tables that go, with their rows.
DROP TABLE "Obsolete", "_Join:oldTags:Book";

-- Columns that go, with their data.
ALTER TABLE "Book" DROP COLUMN "legacyCode";

-- New tables.
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = 'Author') THEN
        RAISE EXCEPTION USING MESSAGE = 'Author: the database has a table ''Author'' already, so it was not made from the old schema: migrate from the schema it was made from';
    END IF;
END
$guard$;
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = '_Join:tags:Book') THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.tags: the database has a table ''_Join:tags:Book'' already, so it was not made from the old schema: migrate from the schema it was made from';
    END IF;
END
$guard$;

CREATE TABLE IF NOT EXISTS "Author" (
    "objectId" text NOT NULL,
    "createdAt" timestamp with time zone NOT NULL DEFAULT now(),
    "updatedAt" timestamp with time zone NOT NULL DEFAULT now(),
    "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'),
    "name" text NOT NULL,
    PRIMARY KEY ("objectId")
);
COMMENT ON TABLE "Author" IS 'Who wrote it.';

CREATE TABLE IF NOT EXISTS "_Join:tags:Book" (
    "owningId" text NOT NULL,
    "relatedId" text NOT NULL,
    PRIMARY KEY ("owningId", "relatedId"),
    CONSTRAINT "_Join:tags:Book_owningId_fkey" FOREIGN KEY ("owningId") REFERENCES "Book" ("objectId") ON DELETE CASCADE,
    CONSTRAINT "_Join:tags:Book_relatedId_fkey" FOREIGN KEY ("relatedId") REFERENCES "Author" ("objectId") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "_Join:tags:Book_relatedId_idx" ON "_Join:tags:Book" ("relatedId");
COMMENT ON TABLE "_Join:tags:Book" IS 'Relation ''tags'' of Book: the Author objects each Book links to.';

-- New columns.
ALTER TABLE "Book" ADD COLUMN "isbn" text NOT NULL DEFAULT 'unknown';
ALTER TABLE "Book" ADD COLUMN "author" text;

-- Columns that change.
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE NOT (char_length("title") <= 100) ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.title: some values break its new minLength or maxLength: change them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CHECK (char_length("title") <= 100);
ALTER TABLE "Book" ALTER COLUMN "subtitle" DROP NOT NULL;
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "year" IS NOT NULL AND (CASE WHEN "year" ~ '^(0|-?[1-9][0-9]{0,18})$' THEN "year"::numeric NOT BETWEEN -9223372036854775808 AND 9223372036854775807 ELSE true END) ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.year changes from string to int (text to bigint), and some values would not stay the same (text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or '' 7''), or beyond the 64-bit integers): change them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ALTER COLUMN "year" TYPE bigint USING "year"::bigint;
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "price" IS NOT NULL AND ("price" NOT BETWEEN -9007199254740992 AND 9007199254740992) ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.price changes from int to double (bigint to double precision), and some values would not stay the same (integers beyond ±2^53, which a double does not hold exactly): change them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ALTER COLUMN "price" TYPE double precision USING "price"::double precision;
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE NOT ("price" >= 0) ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.price: some values break its new min or max: change them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CHECK ("price" >= 0);
ALTER TABLE "Book" ALTER COLUMN "stock" SET DEFAULT 5;
ALTER TABLE "Book" ALTER COLUMN "rating" SET DEFAULT 2.5;
ALTER TABLE "Book" ALTER COLUMN "flag" TYPE text USING CASE "flag" WHEN true THEN 'true' WHEN false THEN 'false' END;
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE NOT ("genre" IN ('fiction', 'poetry', 'drama')) ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.genre: some values break its new enum cases: change them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CHECK ("genre" IN ('fiction', 'poetry', 'drama'));
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "publisher" IS NULL ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.publisher is now required, and some rows have no value: fill them in first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ALTER COLUMN "publisher" SET NOT NULL;

-- Foreign keys that are new or change.
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "publisher" IS NOT NULL AND "publisher" NOT IN (SELECT "objectId" FROM "Publisher") ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.publisher: some rows point to Publisher objects that do not exist: clear or fix them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CONSTRAINT "Book_publisher_fkey" FOREIGN KEY ("publisher") REFERENCES "Publisher" ("objectId") ON DELETE RESTRICT;
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "editor" IS NOT NULL AND "editor" NOT IN (SELECT "objectId" FROM "Author") ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.editor: some rows point to Author objects that do not exist: clear or fix them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CONSTRAINT "Book_editor_fkey" FOREIGN KEY ("editor") REFERENCES "Author" ("objectId") ON DELETE SET NULL;
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "owner" IS NOT NULL AND "owner" NOT IN (SELECT "objectId" FROM "Person") ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.owner: some rows point to Person objects that do not exist: clear or fix them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CONSTRAINT "Book_owner_fkey" FOREIGN KEY ("owner") REFERENCES "Person" ("objectId") ON DELETE SET NULL;
ALTER TABLE "Book" ADD CONSTRAINT "Book_author_fkey" FOREIGN KEY ("author") REFERENCES "Author" ("objectId") ON DELETE SET NULL;

-- Indexes that are new or change.
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM (SELECT "objectId", count(*) OVER (PARTITION BY "name") AS "modelgen_count" FROM "Publisher" WHERE "name" IS NOT NULL) AS "modelgen_rows" WHERE "modelgen_count" > 1 ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Publisher: the new unique index ''Publisher_unique_name'' finds rows with the same name: make them differ first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
CREATE UNIQUE INDEX IF NOT EXISTS "Publisher_unique_name" ON "Publisher" ("name");
CREATE INDEX IF NOT EXISTS "Book_author_idx" ON "Book" ("author");
CREATE INDEX IF NOT EXISTS "Book_by_title_and_year" ON "Book" ("title", "year");

-- Descriptions.
COMMENT ON TABLE "Book" IS 'A published book.';
COMMENT ON COLUMN "Book"."title" IS 'The full title.';

COMMIT;
