-- test

BEGIN;

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
CREATE TEMP TABLE "modelgen_expected" ("objectId" text NOT NULL, "createdAt" timestamp with time zone NOT NULL DEFAULT now(), "updatedAt" timestamp with time zone NOT NULL DEFAULT now(), "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'), "name" text NOT NULL, PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Publisher"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Publisher"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Publisher"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Publisher"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM unnest(ARRAY['Publisher_unique_name:true:' || quote_ident('name') || ':btree']) AS "index") OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Publisher"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Publisher: the table ''Publisher'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" text NOT NULL, "createdAt" timestamp with time zone NOT NULL DEFAULT now(), "updatedAt" timestamp with time zone NOT NULL DEFAULT now(), "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'), "name" text NOT NULL, PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Author"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Author"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Author"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Author"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM NULL::text[] OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Author"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM NULL::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Author: the table ''Author'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" text NOT NULL, "createdAt" timestamp with time zone NOT NULL DEFAULT now(), "updatedAt" timestamp with time zone NOT NULL DEFAULT now(), "ACL" jsonb CHECK (jsonb_typeof("ACL") = 'object'), "title" text NOT NULL CHECK (char_length("title") <= 100), "subtitle" text, "year" bigint, "price" double precision CHECK ("price" >= 0), "stock" bigint DEFAULT 5, "rating" double precision DEFAULT 2.5, "isbn" text NOT NULL DEFAULT 'unknown', "flag" text, "genre" text CHECK ("genre" IN ('fiction', 'poetry', 'drama')), "publisher" text NOT NULL, "editor" text, "owner" text, "author" text, PRIMARY KEY ("objectId"));
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE to_regclass('"Book"') IS NULL OR (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = to_regclass('"Book"') AND a.attnum > 0 AND NOT a.attisdropped) IS DISTINCT FROM (SELECT array_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') ORDER BY a.attname COLLATE "C") FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attrelid = 'pg_temp.modelgen_expected'::regclass AND a.attnum > 0 AND NOT a.attisdropped) OR (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = to_regclass('"Book"') AND contype = 'c') IS DISTINCT FROM (SELECT array_agg(pg_get_constraintdef(oid) ORDER BY pg_get_constraintdef(oid) COLLATE "C") FROM pg_catalog.pg_constraint WHERE conrelid = 'pg_temp.modelgen_expected'::regclass AND contype = 'c') OR (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM (SELECT c.relname::text || ':' || i.indisunique::text || ':' || (SELECT string_agg(pg_get_indexdef(i.indexrelid, k, true), ',' ORDER BY k) FROM generate_series(1, i.indnatts) AS k) || ':' || m.amname::text AS "index" FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid JOIN pg_catalog.pg_am m ON m.oid = c.relam WHERE i.indrelid = to_regclass('"Book"') AND NOT i.indisprimary) AS "indexes") IS DISTINCT FROM (SELECT array_agg("index" ORDER BY "index" COLLATE "C") FROM unnest(ARRAY['Book_author_idx:false:' || quote_ident('author') || ':btree', 'Book_by_title_and_year:false:' || quote_ident('title') || ',' || quote_ident('year') || ':btree', 'Book_publisher_idx:false:' || quote_ident('publisher') || ':btree', 'Book_editor_idx:false:' || quote_ident('editor') || ':btree', 'Book_owner_idx:false:' || quote_ident('owner') || ':btree']) AS "index") OR (SELECT array_agg("key" ORDER BY "key" COLLATE "C") FROM (SELECT k.conname::text || ' ' || a.attname::text || ' ' || t.relname::text || ' ' || k.confdeltype::text AS "key" FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] JOIN pg_catalog.pg_class t ON t.oid = k.confrelid WHERE k.conrelid = to_regclass('"Book"') AND k.contype = 'f') AS "keys") IS DISTINCT FROM ARRAY['Book_author_fkey author Author n', 'Book_editor_fkey editor Author n', 'Book_owner_fkey owner Person n', 'Book_publisher_fkey publisher Publisher r']::text[]) THEN
        RAISE EXCEPTION USING MESSAGE = 'Book: the table ''Book'' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DROP TABLE "modelgen_expected";

-- CHECK constraints of columns whose rules or types change (added again below).
DO $modelgen$
DECLARE
    check_name name;
BEGIN
    FOR check_name IN
        SELECT c.conname FROM pg_catalog.pg_constraint c
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.conrelid = '"Book"'::regclass AND c.contype = 'c' AND a.attname IN ('price')
    LOOP
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', 'Book', check_name);
    END LOOP;
END
$modelgen$;

-- New columns.
ALTER TABLE "Publisher" ADD COLUMN "founded" timestamp with time zone;
ALTER TABLE "Author" ADD COLUMN "born" timestamp with time zone;
ALTER TABLE "Book" ADD COLUMN "pages" bigint NOT NULL DEFAULT 0;

-- Columns that change.
DO $guard$
DECLARE
    blocking text;
BEGIN
    SELECT string_agg("modelgen_key"::text, ', ') INTO blocking FROM (SELECT "objectId" AS "modelgen_key" FROM "Book" WHERE NOT ("price" >= 1) ORDER BY 1 LIMIT 5) AS "modelgen_first";
    IF blocking IS NOT NULL THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.price: some values break its new min or max: change them first (first rows: objectId ' || blocking || ')';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CHECK ("price" >= 1);

COMMIT;
