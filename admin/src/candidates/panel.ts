// The candidate the side panel shows and its tabs: shared by the panel and its video-call button.
export interface PanelCandidate {
  /** The application's id (GET /apis/applications/:id/...). */
  applicationId: number | string;
  /** The candidate's user id, the offer's job code and its recruiter: what a share link names. */
  candidateId: string;
  jobCode: string;
  recruiterId: string;
  name: string;
  email?: string | null;
  phone?: string | null;
}

export type PanelView = 'story' | 'feedback';
