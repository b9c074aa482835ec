/**
 * The Lite plan's intro video (account-area §2 Session modals): a preference is set only by the
 * person it belongs to, and the video is offered on the Lite plan to those who have not asked
 * not to see it again (the browser's own flag, showVideoLite, is the web app's to keep).
 */
export const canSetLiteVideoPreference = (actorUserId: number, userId: number) => actorUserId === userId;

export const shouldOfferLiteVideo = (input: {
  onLitePlan: boolean;
  hidden: boolean;
  videoUrl: string | null;
}) => input.onLitePlan && !input.hidden && input.videoUrl !== null;
