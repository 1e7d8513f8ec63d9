import { serve } from './serve.js';

void serve();
