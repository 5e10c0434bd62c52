import Foundation
import ParseRuntime
import RecipesModels
import Testing

/// The Recipes sample: an int enum with titles and an unknown-value fallback, embedded arrays,
/// string arrays, maps and dates.
@Suite struct RecipesModelTests {
    static let recipe = Recipe(
        name: "Pancakes", servings: 4, price: 3.5, isAvailable: true, category: .breakfast,
        ingredients: [Ingredient(quantity: 2, description: "eggs"), Ingredient(quantity: 0.25, description: "flour (kg)")],
        sideOptions: ["syrup", "berries"], nutritionalInfo: ["protein": "12 g", "fat": "9 g"], releaseDate: sampleDate)

    @Test func aRecipeSavesEveryValueInParseWireFormat() throws {
        try expectJSON(saveBody(Self.recipe), """
            {"name": "Pancakes", "servings": 4, "price": 3.5, "isAvailable": true, "category": 0,
             "ingredients": [{"quantity": 2, "description": "eggs"}, {"quantity": 0.25, "description": "flour (kg)"}],
             "sideOptions": ["syrup", "berries"],
             "nutritionalInfo": {"protein": "12 g", "fat": "9 g"},
             "releaseDate": {"__type": "Date", "iso": "2023-11-14T22:13:20.123Z"}}
            """)
    }

    @Test func aRecipeRoundTrips() throws {
        var recipe = Self.recipe
        recipe.objectId = "r1"
        recipe.createdAt = sampleDate
        let decoded = try ParseDecoder().decode(Recipe.self, from: fullJSON(recipe))
        #expect(decoded == recipe)
        #expect(decoded.releaseDate == sampleDate)
    }

    @Test func enumTitlesAndRawValues() {
        #expect(Category.allCases == [.breakfast, .lunch, .dinner])
        #expect(Category.dinner.rawValue == 2)
        #expect(Category.lunch.title == "Lunch")
        #expect(Category(rawValue: 1) == .lunch)
    }

    @Test func aCategoryAddedOnTheServerLaterDecodesAsUnknownAndIsWrittenBackUnchanged() throws {
        let recipe = try decode(Recipe.self, #"{"objectId": "r1", "name": "Brunch", "category": 7}"#)
        #expect(recipe.category == .unknown(7))
        #expect(recipe.category?.rawValue == 7)
        #expect(recipe.category?.title == "7")
        try expectJSON(saveBody(recipe), #"{"name": "Brunch", "category": 7}"#)
        #expect(!Category.allCases.contains(.unknown(7)))
    }

    @Test func anEmbeddedValueMissingARequiredFieldIsADecodingError() {
        #expect(throws: DecodingError.self) {
            try decode(Recipe.self, #"{"objectId": "r1", "ingredients": [{"quantity": 1}]}"#)
        }
    }

    @Test func aDateWithoutMillisecondsAndAWrongTypeAreHandled() throws {
        let recipe = try decode(Recipe.self, #"{"releaseDate": {"__type": "Date", "iso": "2023-11-14T22:13:20Z"}}"#)
        #expect(recipe.releaseDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(throws: DecodingError.self) { try decode(Recipe.self, #"{"servings": "four"}"#) }
    }
}
