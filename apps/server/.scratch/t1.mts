import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
const obj = `v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\nl 1 2\np 3\n`;
const s = new OBJLoader().parse(obj);
s.traverse(o => console.log(o.type, (o as any).geometry?.attributes?.position?.count));
