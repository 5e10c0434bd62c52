-- test

BEGIN;

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE (SELECT count(*) FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('"Publisher"') AND attnum > 0 AND NOT attisdropped) <> 5 OR (SELECT count(*) FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('"Publisher"') AND attnum > 0 AND NOT attisdropped AND (attname::text, atttypid::regtype) IN (VALUES ('objectId', 'text'::regtype), ('createdAt', 'timestamp with time zone'::regtype), ('updatedAt', 'timestamp with time zone'::regtype), ('ACL', 'jsonb'::regtype), ('name', 'text'::regtype))) <> 5) THEN
        RAISE EXCEPTION USING MESSAGE = 'Publisher: the table ''Publisher'' does not have the columns the old schema gives it: this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE (SELECT count(*) FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('"Author"') AND attnum > 0 AND NOT attisdropped) <> 5 OR (SELECT count(*) FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('"Author"') AND attnum > 0 AND NOT attisdropped AND (attname::text, atttypid::regtype) IN (VALUES ('objectId', 'text'::regtype), ('createdAt', 'timestamp with time zone'::regtype), ('updatedAt', 'timestamp with time zone'::regtype), ('ACL', 'jsonb'::regtype), ('name', 'text'::regtype))) <> 5) THEN
        RAISE EXCEPTION USING MESSAGE = 'Author: the table ''Author'' does not have the columns the old schema gives it: this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;
DO $guard$
BEGIN
    IF EXISTS (SELECT 1 WHERE (SELECT count(*) FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('"Book"') AND attnum > 0 AND NOT attisdropped) <> 17 OR (SELECT count(*) FROM pg_catalog.pg_attribute WHERE attrelid = to_regclass('"Book"') AND attnum > 0 AND NOT attisdropped AND (attname::text, atttypid::regtype) IN (VALUES ('objectId', 'text'::regtype), ('createdAt', 'timestamp with time zone'::regtype), ('updatedAt', 'timestamp with time zone'::regtype), ('ACL', 'jsonb'::regtype), ('title', 'text'::regtype), ('subtitle', 'text'::regtype), ('year', 'bigint'::regtype), ('price', 'double precision'::regtype), ('stock', 'bigint'::regtype), ('rating', 'double precision'::regtype), ('isbn', 'text'::regtype), ('flag', 'text'::regtype), ('genre', 'text'::regtype), ('publisher', 'text'::regtype), ('editor', 'text'::regtype), ('owner', 'text'::regtype), ('author', 'text'::regtype))) <> 17) THEN
        RAISE EXCEPTION USING MESSAGE = 'Book: the table ''Book'' does not have the columns the old schema gives it: this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from';
    END IF;
END
$guard$;

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
