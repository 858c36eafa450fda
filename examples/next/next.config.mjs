/** @type {import('next').NextConfig} */
const nextConfig = {
  // A small example: no image optimisation service, nothing fetched at build time.
  images: { unoptimized: true },
};
export default nextConfig;
