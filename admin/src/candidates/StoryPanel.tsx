// The story player of the candidate panel: the portal's HLS player (portal/app/components/
// StoryPlayer.tsx) with the console's texts. Loaded on demand with the panel (hls.js itself only
// when a video starts), so the console's first page does not carry it.
import { useTranslate } from 'react-admin';
import { StoryPlayerView, type Answer } from '../../../portal/app/components/StoryPlayer.js';
import '../../../portal/app/components/story-player.css';

export default function StoryPanel({ answers }: { answers: Answer[] }) {
  const translate = useTranslate();
  return (
    <StoryPlayerView
      answers={answers}
      labels={{
        region: translate('candidates.player'),
        question: (n, total) => translate('candidates.question_n', { n, total }),
        previous: translate('candidates.previous'),
        next: translate('candidates.next'),
        play: translate('candidates.play'),
        pause: translate('candidates.pause'),
        videoError: translate('candidates.video_error'),
        speed: translate('candidates.speed'),
        rate: (r) => translate(r === 1 ? 'candidates.speed_1' : r === 1.5 ? 'candidates.speed_1_5' : 'candidates.speed_2'),
      }}
    />
  );
}
