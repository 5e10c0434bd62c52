-- test

BEGIN;

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
BEGIN
    IF EXISTS (SELECT 1 FROM "Book" WHERE NOT ("price" >= 1)) THEN
        RAISE EXCEPTION USING MESSAGE = 'Book.price: some values break its new min or max: change them first';
    END IF;
END
$guard$;
ALTER TABLE "Book" ADD CHECK ("price" >= 1);

COMMIT;
