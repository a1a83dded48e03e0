/** The short two-note chime of new review work, made by an oscillator (no sound file to ship or fetch). */
export function playChime(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  const audio = new Context();
  const notes = [880, 660];
  notes.forEach((frequency, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    const start = audio.currentTime + i * 0.18;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.16);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + 0.16);
    // The context is released once the last note ends.
    if (i === notes.length - 1) osc.onended = () => void audio.close();
  });
}
