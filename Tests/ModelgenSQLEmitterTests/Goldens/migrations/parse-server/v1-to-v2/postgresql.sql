-- test
-- It drops data, as accepted with --allow-data-loss:
--   Obsolete: dropping the table loses its rows
--   Book.oldTags: dropping the relation's join table '_Join:oldTags:Book' loses its links
--   Book.legacyCode: dropping the column loses its data

BEGIN;

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
CREATE TEMP TABLE "modelgen_expected" ("objectId" text, "createdAt" timestamp with time zone, "updatedAt" timestamp with time zone, "name" text, "_rperm" text[], "_wperm" text[], PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Publisher"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Publisher"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Publisher"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Publisher"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM NULL::text[] OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Publisher"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Publisher: the table ''Publisher'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" text, "createdAt" timestamp with time zone, "updatedAt" timestamp with time zone, "title" text, "subtitle" text, "year" text, "price" double precision, "stock" double precision, "rating" double precision, "legacyCode" text, "flag" boolean, "genre" text, "publisher" text, "editor" text, "owner" text, "_rperm" text[], "_wperm" text[], PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Book"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Book"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Book"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Book"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM unnest(ARRAY['Book_year_idx:false:' || quote_ident('year') || ':btree']) AS "index") OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Book"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Book: the table ''Book'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" text, "createdAt" timestamp with time zone, "updatedAt" timestamp with time zone, "note" text, "_rperm" text[], "_wperm" text[], PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Obsolete"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Obsolete"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Obsolete"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Obsolete"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM NULL::text[] OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Obsolete"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Obsolete: the table ''Obsolete'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("relatedId" varChar(120), "owningId" varChar(120), PRIMARY KEY ("relatedId", "owningId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"_Join:oldTags:Book"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"_Join:oldTags:Book"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"_Join:oldTags:Book"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"_Join:oldTags:Book"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM NULL::text[] OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"_Join:oldTags:Book"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.oldTags: the table ''_Join:oldTags:Book'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";

-- Indexes that change or go.
DROP INDEX "Book_year_idx";

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
    "objectId" text,
    PRIMARY KEY ("objectId"),
    "createdAt" timestamp with time zone,
    "updatedAt" timestamp with time zone,
    "name" text,
    "_rperm" text[],
    "_wperm" text[]
);

CREATE TABLE IF NOT EXISTS "_Join:tags:Book" (
    "relatedId" varChar(120),
    "owningId" varChar(120),
    PRIMARY KEY ("relatedId", "owningId")
);

-- New columns.
ALTER TABLE "Book" ADD COLUMN "isbn" text;
ALTER TABLE "Book" ADD COLUMN "author" text;

-- Columns that change.
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE "year" IS NOT NULL AND (CASE WHEN "year" ~ '^(0|-?[1-9][0-9]{0,18})$' THEN "year"::numeric NOT BETWEEN -9007199254740992 AND 9007199254740992 ELSE true END) ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.year changes from string to int (text to double precision), and some values would not stay the same (text that is not an integer written plainly (42 or -7, not 007, +7, 7.0 or '' 7''), or beyond ±2^53, which a double does not hold exactly): change them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ALTER COLUMN "year" TYPE double precision USING "year"::double precision;
ALTER TABLE "Book" ALTER COLUMN "flag" TYPE text USING CASE "flag" WHEN true THEN 'true' WHEN false THEN 'false' END;

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

-- Parse Server's record of each class it has (the schema JSON in _SCHEMA) follows the changes.
CREATE OR REPLACE FUNCTION pg_temp.modelgen_field_dropped(record jsonb, field_name text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT AS $function$
DECLARE
    result jsonb := record #- ARRAY['fields', field_name];
BEGIN
    IF jsonb_typeof(result -> 'indexes') = 'object' THEN
        result := jsonb_set(result, '{indexes}', COALESCE((
            SELECT jsonb_object_agg(name, keys) FROM jsonb_each(result -> 'indexes') AS indexes(name, keys)
            WHERE NOT (jsonb_typeof(keys) = 'object' AND keys ? field_name)), '{}'));
    END IF;
    RETURN result;
END
$function$;
UPDATE "_SCHEMA" SET "schema" = pg_temp.modelgen_field_dropped("schema", 'legacyCode') WHERE "className" = 'Book';
UPDATE "_SCHEMA" SET "schema" = pg_temp.modelgen_field_dropped("schema", 'oldTags') WHERE "className" = 'Book';
UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema", '{fields,year}', (COALESCE("schema" #> '{fields,year}', '{}') - 'targetClass') || '{"type": "Number"}') WHERE "className" = 'Book';
UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema", '{fields,isbn}', (COALESCE("schema" #> '{fields,isbn}', '{}') - 'targetClass') || '{"type": "String"}') WHERE "className" = 'Book';
UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema", '{fields,flag}', (COALESCE("schema" #> '{fields,flag}', '{}') - 'targetClass') || '{"type": "String"}') WHERE "className" = 'Book';
UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema", '{fields,editor}', (COALESCE("schema" #> '{fields,editor}', '{}') - 'targetClass') || '{"type": "Pointer", "targetClass": "Author"}') WHERE "className" = 'Book';
UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema", '{fields,author}', (COALESCE("schema" #> '{fields,author}', '{}') - 'targetClass') || '{"type": "Pointer", "targetClass": "Author"}') WHERE "className" = 'Book';
UPDATE "_SCHEMA" SET "schema" = jsonb_set("schema", '{fields,tags}', (COALESCE("schema" #> '{fields,tags}', '{}') - 'targetClass') || '{"type": "Relation", "targetClass": "Author"}') WHERE "className" = 'Book';
DELETE FROM "_SCHEMA" WHERE "className" = 'Obsolete';

COMMIT;
