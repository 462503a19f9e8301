-- forum3 (issue 10, forum search on the embedded database): back-fill the threads' search documents (title and
-- live posts in search form, see SEARCH_DOC_SQL in apps/server/src/modules/community/forum.repository.ts; the
-- service keeps them from now on in each post's transaction). Append after the statements that add
-- forum_threads.search_doc and its index.
--> statement-breakpoint
UPDATE forum_threads t SET search_doc = chr(2) || 'fb' || t.board_id || chr(2) || chr(1) || replace(replace(replace(t.search_text, chr(1), ''), chr(2), ''), ' ', 'ǂ') || coalesce((select string_agg(chr(1) || replace(replace(replace(p.search_text, chr(1), ''), chr(2), ''), ' ', 'ǂ'), '' order by p.id) from forum_posts p where p.thread_id = t.id and p.deleted_at is null), '');
