import Link from 'next/link';

/** Another page: navigating here destroys the widgets of the home page. */
export default function Classes() {
  return (
    <main>
      <h1>Classes</h1>
      <p>Six benches, six students, sharpening first, always.</p>
      <Link href="/">Home</Link>
    </main>
  );
}
