-- Decision 0390: each audited action has its own name. Lines written before with a generic
-- action (entity_deleted, data_exported, settings_changed…) are renamed by what they acted on,
-- so the activity log and its filter read the same for old and new lines. A line that cannot be
-- told apart keeps its generic action (still shown with its old words).
UPDATE "activity_log" AS a
   SET "action" = m.new_action
  FROM (VALUES
    ('entity_deleted', 'organization', 'organization_deleted'),
    ('entity_deleted', 'person', 'person_deleted'),
    ('entity_deleted', 'file', 'file_deleted'),
    ('entity_deleted', 'comment', 'comment_deleted'),
    ('entity_deleted', 'deal', 'deal_deleted'),
    ('entity_deleted', 'crm_pipeline', 'crm_pipeline_deleted'),
    ('entity_deleted', 'crm_stage', 'crm_stage_deleted'),
    ('entity_deleted', 'crm_custom_field', 'crm_custom_field_deleted'),
    ('entity_deleted', 'crm_target', 'crm_target_deleted'),
    ('entity_deleted', 'crm_list', 'crm_list_deleted'),
    ('entity_deleted', 'crm_segment', 'crm_segment_deleted'),
    ('entity_deleted', 'fin_entry', 'fin_entry_deleted'),
    ('entity_deleted', 'contract', 'contract_deleted'),
    ('entity_deleted', 'project', 'project_deleted'),
    ('entity_deleted', 'project_column', 'project_column_deleted'),
    ('entity_deleted', 'product', 'product_deleted'),
    ('entity_deleted', 'quote', 'quote_deleted'),
    ('entity_deleted', 'job_opening', 'job_opening_deleted'),
    ('entity_deleted', 'candidate', 'candidate_deleted'),
    ('entity_deleted', 'interview', 'interview_deleted'),
    ('entity_deleted', 'inbox_conversation', 'inbox_conversation_deleted'),
    ('entity_deleted', 'campaign', 'campaign_deleted'),
    ('entity_deleted', 'marketing_campaign', 'marketing_campaign_deleted'),
    ('entity_deleted', 'marketing_client', 'marketing_client_deleted'),
    ('entity_deleted', 'meeting', 'meeting_deleted'),
    ('entity_deleted', 'people', 'people_bulk_deleted'),
    ('entity_deleted', 'organizations', 'organizations_bulk_deleted'),
    ('bulk_updated', 'people', 'people_bulk_updated'),
    ('bulk_updated', 'organizations', 'organizations_bulk_updated'),
    ('data_exported', 'company_data', 'company_data_exported'),
    ('data_exported', 'finance_report', 'finance_report_exported'),
    ('data_exported', 'finance_package', 'finance_package_exported'),
    ('data_exported', 'fin_entries', 'fin_entries_exported'),
    ('data_exported', 'prospect_leads', 'prospect_leads_exported'),
    ('data_exported', 'person', 'person_data_exported'),
    ('data_exported', 'people', 'people_exported'),
    ('data_exported', 'organizations', 'organizations_exported'),
    ('data_exported', 'employees', 'employees_exported'),
    ('data_erased', 'person', 'person_data_erased'),
    ('data_erased', 'employee', 'employee_data_erased'),
    ('data_imported', 'crm_import', 'contacts_imported'),
    ('settings_changed', 'fin_account', 'fin_account_updated'),
    ('settings_changed', 'fin_category', 'fin_category_updated'),
    ('settings_changed', 'fin_cost_center', 'fin_cost_center_updated'),
    ('settings_changed', 'crm_target', 'crm_targets_updated'),
    ('settings_changed', 'crm_custom_field', 'crm_custom_field_updated'),
    ('settings_changed', 'crm_stage', 'crm_stage_updated'),
    ('settings_changed', 'whatsapp_account', 'whatsapp_settings_changed'),
    ('settings_changed', 'inbox_settings', 'inbox_settings_changed'),
    ('settings_changed', 'recruiting_settings', 'recruiting_retention_changed'),
    ('settings_changed', 'campaign_sender', 'campaign_sender_changed'),
    ('settings_changed', 'marketing_client', 'marketing_client_options_changed'),
    ('message_sent', 'quote', 'quote_sent'),
    ('message_sent', 'marketing_approval_link', 'marketing_approval_link_sent')
  ) AS m(old_action, entity, new_action)
 WHERE a."action" = m.old_action AND a."details"->>'entity' = m.entity;
--> statement-breakpoint
-- The lines whose action depended on more than the entity.
UPDATE "activity_log" SET "action" = CASE
    WHEN "details"->>'entity' = 'task' THEN CASE WHEN "details"->>'kind' = 'project' THEN 'project_task_deleted' ELSE 'task_deleted' END
  END
 WHERE "action" = 'entity_deleted' AND "details"->>'entity' = 'task';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = CASE "details"->>'via' WHEN 'link' THEN 'file_link_created' ELSE 'file_share_link_created' END
 WHERE "action" = 'data_exported' AND "details"->>'entity' = 'file';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = 'file_share_link_revoked'
 WHERE "action" = 'settings_changed' AND "details"->>'entity' = 'file';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = CASE "details"->>'change' WHEN 'created' THEN 'crm_pipeline_created' WHEN 'renamed' THEN 'crm_pipeline_renamed' ELSE 'crm_stages_reordered' END
 WHERE "action" = 'settings_changed' AND "details"->>'entity' = 'crm_pipeline';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = 'crm_stage_created'
 WHERE "action" = 'crm_stage_updated' AND "details"->>'change' = 'created';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = 'crm_custom_field_created'
 WHERE "action" = 'crm_custom_field_updated' AND "details"->>'change' = 'created';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = CASE WHEN ("details"->>'scheduled')::boolean THEN 'campaign_scheduled' ELSE 'campaign_sent' END
 WHERE "action" = 'message_sent' AND "details"->>'entity' = 'campaign';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = CASE WHEN "details"->>'revoked' = 'true' THEN 'marketing_approval_link_revoked'
                                          WHEN "details"->>'decision' = 'aprovado' THEN 'marketing_piece_approved_by_client'
                                          ELSE 'marketing_changes_requested_by_client' END
 WHERE "action" = 'settings_changed' AND "details"->>'entity' = 'marketing_approval_link';
--> statement-breakpoint
UPDATE "activity_log" SET "action" = 'candidates_erased_by_retention', "details" = "details" || '{"by": "sistema"}'::jsonb
 WHERE "action" = 'data_erased' AND "details"->>'entity' = 'candidate';
