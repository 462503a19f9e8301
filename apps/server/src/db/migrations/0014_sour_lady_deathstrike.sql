DROP INDEX "forum_posts_search_idx";--> statement-breakpoint
DROP INDEX "forum_threads_search_idx";--> statement-breakpoint
ALTER TABLE "forum_threads" ADD COLUMN "search_doc" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "forum_threads_doc_idx" ON "forum_threads" USING gin ("search_doc" gin_trgm_ops) WHERE "forum_threads"."deleted_at" is null;--> statement-breakpoint
-- Hand-written (forum3, also in extra-forum3.sql): back-fill the threads' search documents (SEARCH_DOC_SQL in forum.repository.ts).
UPDATE forum_threads t SET search_doc = chr(2) || 'fb' || t.board_id || chr(2) || chr(1) || replace(replace(replace(t.search_text, chr(1), ''), chr(2), ''), ' ', 'ǂ') || coalesce((select string_agg(chr(1) || replace(replace(replace(p.search_text, chr(1), ''), chr(2), ''), ' ', 'ǂ'), '' order by p.id) from forum_posts p where p.thread_id = t.id and p.deleted_at is null), '');
