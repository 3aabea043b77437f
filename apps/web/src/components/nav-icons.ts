import {
  Briefcase,
  Building2,
  Contact,
  FileSearch,
  FileText,
  FolderKanban,
  Headset,
  Landmark,
  Megaphone,
  MessageCircle,
  Scale,
  ScanSearch,
  Send,
  Shield,
  SquareKanban,
  Telescope,
  UserPlus,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { NavIcon } from '../lib/feature.ts';

/** The registry names icons (a string per area); this maps each name to its component. */
export const NAV_ICONS: Record<NavIcon, LucideIcon> = {
  Briefcase,
  Building2,
  FileText,
  FolderKanban,
  Landmark,
  Megaphone,
  Scale,
  Shield,
  Users,
  // The member tools (registry/tools.ts).
  ScanSearch,
  FileSearch,
  Telescope,
  UserPlus,
  SquareKanban,
  Contact,
  Send,
  Headset,
  MessageCircle,
};
