-- The forum's search form writes each CJK character twice instead of three times (forumForm in
-- modules/community/forum.repository.ts; docs/decisions.md "Forum search on the embedded database, session 12").
-- Every stored piece was written by the old form, where each CJK character stands three times in a row: each such
-- triple becomes a pair (left to right, so a run of 3k copies of one character becomes 2k). No schema change.
UPDATE forum_posts SET search_text = regexp_replace(search_text, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])\1\1', '\1\1', 'g') WHERE search_text ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]';--> statement-breakpoint
UPDATE forum_threads SET search_text = regexp_replace(search_text, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])\1\1', '\1\1', 'g') WHERE search_text ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]';--> statement-breakpoint
UPDATE forum_threads SET search_doc = regexp_replace(search_doc, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])\1\1', '\1\1', 'g') WHERE search_doc ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]';
