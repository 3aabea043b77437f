import { Briefcase, Building2, FileText, FolderKanban, Landmark, Megaphone, Scale, Shield, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { NavIcon } from '../lib/feature.ts';

/** The registry names icons (a string per area); this maps each name to its component. */
export const NAV_ICONS: Record<NavIcon, LucideIcon> = { Briefcase, Building2, FileText, FolderKanban, Landmark, Megaphone, Scale, Shield, Users };
