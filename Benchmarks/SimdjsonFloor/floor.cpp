// simdjson's floor for the standard documents: each file parsed into simdjson's DOM and every
// value of the tree visited (numbers read, strings' lengths taken), then the parsed tree written
// back with simdjson::minify. Medians of `rounds` runs, in milliseconds, one line per file:
//
//     FILE parse+walk MS minify MS
//
// mapping-benchmark --documents builds it (c++ -O3, Debian's libsimdjson-dev) and runs it
// beside its own rounds; it is a floor to compare with, not a contender doing the same work (it
// makes no objects, resolves no model, checks no types).
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace simdjson;

// Visits every value of the tree without recursion; returns a sum so the work is kept.
static double walk(dom::element root) {
    double sum = 0;
    std::vector<dom::element> stack{root};
    while (!stack.empty()) {
        dom::element element = stack.back();
        stack.pop_back();
        switch (element.type()) {
        case dom::element_type::ARRAY:
            for (dom::element child : dom::array(element)) stack.push_back(child);
            break;
        case dom::element_type::OBJECT:
            for (dom::key_value_pair field : dom::object(element)) {
                sum += double(field.key.size());
                stack.push_back(field.value);
            }
            break;
        case dom::element_type::INT64: sum += double(int64_t(element)); break;
        case dom::element_type::UINT64: sum += double(uint64_t(element)); break;
        case dom::element_type::DOUBLE: sum += double(element); break;
        case dom::element_type::STRING: sum += double(std::string_view(element).size()); break;
        case dom::element_type::BOOL: sum += bool(element) ? 1 : 0; break;
        case dom::element_type::NULL_VALUE: break;
        }
    }
    return sum;
}

static double median(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: simdjson-floor ROUNDS FILE...\n");
        return 2;
    }
    int rounds = std::max(1, std::atoi(argv[1]));
    double kept = 0;
    for (int index = 2; index < argc; index++) {
        padded_string json;
        if (padded_string::load(argv[index]).get(json)) {
            std::fprintf(stderr, "cannot read %s\n", argv[index]);
            return 1;
        }
        dom::parser parser;
        std::vector<double> parsing, minifying;
        for (int round = 0; round < rounds; round++) {
            auto start = std::chrono::steady_clock::now();
            dom::element root;
            if (parser.parse(json).get(root)) {
                std::fprintf(stderr, "cannot parse %s\n", argv[index]);
                return 1;
            }
            kept += walk(root);
            auto parsed = std::chrono::steady_clock::now();
            std::string text = minify(root);
            kept += double(text.size());
            auto written = std::chrono::steady_clock::now();
            parsing.push_back(std::chrono::duration<double, std::milli>(parsed - start).count());
            minifying.push_back(std::chrono::duration<double, std::milli>(written - parsed).count());
        }
        std::printf("%s parse+walk %.4f minify %.4f\n", argv[index], median(parsing), median(minifying));
    }
    return kept == 0 ? 3 : 0;
}
