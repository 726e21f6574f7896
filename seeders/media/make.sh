#!/usr/bin/env bash
# Regenerates the demo story clips (needs ffmpeg; the outputs are committed, so a fresh
# machine never runs this). See README.md in this folder.
set -euo pipefail
cd "$(dirname "$0")"
colors=(0x6a1b9a 0x00838f 0xef6c00 0x2e7d32 0xc62828)
tones=(440 494 554 587 659)
for n in 1 2 3 4 5; do
  rm -rf "story-$n" && mkdir "story-$n"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=${colors[$((n-1))]}:s=360x640:r=24:d=3" \
    -f lavfi -i "sine=frequency=${tones[$((n-1))]}:sample_rate=22050:duration=3" \
    -vf "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='Question $n':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=(h-text_h)/2" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -b:v 60k -maxrate 80k -bufsize 160k -g 48 \
    -c:a aac -b:a 24k -ac 1 \
    -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_filename "story-$n/seg%d.ts" "story-$n/index.m3u8"
done
