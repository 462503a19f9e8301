// The fresh-install check imports the server's seed data, whose types reach the upload helpers: they use the request
// fields @fastify/multipart adds, declared by importing it (the server registers it in its app).
import '@fastify/multipart';
