import { sql } from 'drizzle-orm';
import { ACTION_CATEGORY_LABELS, ACTION_PRIORITY_LABELS, ACTION_STATUS_LABELS } from '../../../shared/domain';
import { inScope, type ReportDefinition } from '../reports/report-definition';

/** The actions list report (spec §2 Reports). */
export const actionsList: ReportDefinition = {
  sheetName: 'Actions',
  columns: [
    { header: 'Action ID', key: 'action_id', width: 14 },
    { header: 'Title', key: 'title', width: 36 },
    { header: 'Description', key: 'description', width: 40 },
    { header: 'Category', key: 'category', width: 13 },
    { header: 'Priority', key: 'priority', width: 10 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Assignee', key: 'assignee', width: 20 },
    { header: 'Target date', key: 'target_date', width: 12, type: 'date' },
    { header: 'Completed date', key: 'completed_date', width: 15, type: 'date' },
    { header: 'Asset ID', key: 'asset_code', width: 14 },
    { header: 'Asset location', key: 'asset_location', width: 50 },
    { header: 'Created by', key: 'created_by', width: 20 },
    { header: 'Created at', key: 'created_at', width: 17, type: 'datetime' },
    { header: 'Updated at', key: 'updated_at', width: 17, type: 'datetime' },
  ],
  // With a location chosen, only actions on assets inside it (an action without an asset has no place).
  query: (scope) => sql`
    SELECT x.action_id, x.title, x.description, x.category, x.priority, x.status, x.assignee, x.target_date,
           x.completed_date, a.asset_id AS asset_code, a.location_path AS asset_location, u.full_name AS created_by,
           x.created_at, x.updated_at
    FROM actions x LEFT JOIN assets a ON a.id = x.asset_id LEFT JOIN users u ON u.id = x.created_by
    WHERE ${inScope(sql`a.location_id`, scope)}
    ORDER BY x.action_id`,
  labels: { category: ACTION_CATEGORY_LABELS, priority: ACTION_PRIORITY_LABELS, status: ACTION_STATUS_LABELS },
};
