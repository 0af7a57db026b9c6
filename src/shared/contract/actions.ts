import { z } from 'zod';
import { ACTION_CATEGORIES, ACTION_DEFAULTS, ACTION_PRIORITIES, ACTION_SORTS, ACTION_STATUSES, NAME_MAX, NOTES_MAX, SHORT_TEXT_MAX } from '../domain';
import { cursorParam, filterOf, flagParam, limitParam, optionalDate, optionalId, optionalText, requiredText, searchParam } from './common';

/** The editable fields of an action, without defaults (a PATCH must not reset what it does not mention). */
const actionFields = {
  assetId: optionalId('Asset must be an existing asset'),
  assessmentId: optionalId('Assessment must be an existing assessment'),
  title: requiredText(NAME_MAX, 'Title is required', 'Title'),
  description: optionalText(NOTES_MAX, 'Description'),
  category: z.enum(ACTION_CATEGORIES, { error: 'Choose a category' }),
  priority: z.enum(ACTION_PRIORITIES, { error: 'Priority is required' }),
  status: z.enum(ACTION_STATUSES, { error: 'Choose a status' }),
  assignee: optionalText(SHORT_TEXT_MAX, 'Assignee'),
  targetDate: optionalDate('Target date'),
  completedDate: optionalDate('Completed date'),
};

/** POST /api/actions (spec §5: 'Title is required', 'Priority is required'). createdBy comes from the session. */
export const createActionSchema = z.object({
  ...actionFields,
  category: actionFields.category.default(ACTION_DEFAULTS.category),
  status: actionFields.status.default(ACTION_DEFAULTS.status),
});
export type CreateActionInput = z.input<typeof createActionSchema>;

/**
 * PATCH /api/actions/{id}: any subset. Moving to completed, verified or closed sets completedDate
 * (today) when it is empty; moving back to open, in progress or waiting clears it unless the body
 * gives one (docs/decisions/004).
 */
export const updateActionSchema = z.object(actionFields).partial();
export type UpdateActionInput = z.input<typeof updateActionSchema>;

export const actionSchema = z.object({
  id: z.string(),
  actionId: z.string(),
  assetId: z.string().nullable(),
  /** The linked asset's display code (AST-…), for cards and links. */
  assetCode: z.string().nullable(),
  assessmentId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(ACTION_CATEGORIES),
  priority: z.enum(ACTION_PRIORITIES),
  status: z.enum(ACTION_STATUSES),
  assignee: z.string().nullable(),
  targetDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Not done (open, in progress, waiting) and its target date before today in the organisation's
   * zone (isActionOverdue, shared/domain/actions.ts); worked out by the server as it answers.
   */
  overdue: z.boolean().meta({ description: "Not done and past its target date (today in the organisation's time zone)" }),
});
export type Action = z.infer<typeof actionSchema>;

/**
 * An edit made against an older version (ADR 028), as for assets: PATCH /api/actions/{id} with
 * `If-Match: "<updatedAt>"` of the version the editor saw (a status change or an edit made offline) answers 412 with
 * the action as it is now, and changes nothing.
 */
export const ACTION_CHANGED_MESSAGE = 'This action was changed by someone else after you opened it';
export const ACTION_IF_MATCH_INVALID_MESSAGE = 'If-Match must be the action\'s updatedAt in double quotes, e.g. "2026-11-27T09:00:00.000Z"';
export const actionConflictSchema = z.object({ message: z.string(), current: actionSchema });

/**
 * GET /api/actions: newest first, or with `sort=target` by target date (earliest first, undated
 * last); `overdue=true` keeps only overdue actions. Keyset-paginated like the asset list
 * (x-next-cursor); a cursor continues the order it came from and only that one.
 */
export const listActionsQuery = z.object({
  limit: limitParam,
  cursor: cursorParam,
  search: searchParam,
  status: filterOf(ACTION_STATUSES),
  priority: filterOf(ACTION_PRIORITIES),
  assetId: z.uuid('assetId must be an asset id').optional(),
  overdue: flagParam('overdue').meta({ description: 'true: only actions not done and past their target date' }),
  sort: z
    .enum(ACTION_SORTS, { error: `sort must be ${ACTION_SORTS.join(' or ')}` })
    .default('newest')
    .meta({ description: 'newest: newest first; target: by target date, the earliest first, undated last. A cursor continues the order it came from' }),
});
export type ListActionsQuery = z.input<typeof listActionsQuery>;
