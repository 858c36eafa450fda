import { describe, expect, it } from 'vitest';
import { askedMeasure, priceWords } from './answer-measure';

describe('askedMeasure', () => {
  it('reads "what time" as asking a time of day: "8 am", "6.30 pm", "half past eleven", not a date', () => {
    const measure = askedMeasure('What time does your Saturday market stall open?');
    expect(measure?.test('every Saturday from 8 am to 1 pm')).toBe(true);
    expect(measure?.test('We normally sell out by half past eleven.')).toBe(true);
    expect(measure?.test('message us by 6.30 p.m. on Thursday')).toBe(true);
    expect(measure?.test('The Saturday market stall followed in April 2021.')).toBe(false);
    expect(askedMeasure('What time of year do you sow leeks?')).toBeNull();
  });

  it('reads "how much is it to…" as asking a price', () => {
    const measure = askedMeasure('How much is it to rent your field for an hour?');
    expect(measure?.test("It's 12 pounds for 50 minutes.")).toBe(true);
    expect(measure?.test('The field is two acres.')).toBe(false);
  });

  it('reads "how much is a …" as asking a price, and "how much does it move" as not', () => {
    expect(askedMeasure('How much is a week-long class?')?.test('Week-long classes: 1,450 dollars')).toBe(
      true,
    );
    expect(askedMeasure('How much is a week-long class?')?.test('free for two students')).toBe(false);
    expect(askedMeasure('How much does a tabletop move?')).toBeNull();
  });

  it('matches a sum of money by the currency sign before it ("£28"), with no unit after', () => {
    const price = askedMeasure('What do you charge for one of your mugs?');
    expect(price?.test('A mug costs me about £18 to make, and it sells for £28.')).toBe(true);
    expect(price?.test('Mugs are about 60 percent of what I take at markets.')).toBe(false);
  });

  it('reads "how steep" as asking a gradient: "a final ramp of 21 percent"', () => {
    const steep = askedMeasure('How steep does it get?');
    expect(steep?.test('It is 3.2 kilometres, with a final ramp of 21 percent.')).toBe(true);
    expect(steep?.test('It is 3.2 kilometres long.')).toBe(false);
  });

  it('reads "how old" as asking an age: "10 and over", "16 or older"', () => {
    const age = askedMeasure('How old do you have to be?');
    expect(age?.test('Snorkel safaris: 10 and over, and every snorkeller must swim 50 metres.')).toBe(true);
    expect(age?.test('You must be 16 or older.')).toBe(true);
    expect(age?.test('A snorkel safari is 35 pounds per person.')).toBe(false);
    const mine = askedMeasure('How old were you when you got your first hive?');
    expect(mine?.test('I was 41, I had never held a frame in my life.')).toBe(true);
    expect(mine?.test('By the end of that summer I had three.')).toBe(false);
  });

  it('matches a number with the unit the question asks for, not any number', () => {
    const apart = askedMeasure('How far apart should I put my clamps?');
    expect(apart?.test('I space clamps every six to eight inches.')).toBe(true);
    expect(apart?.test('Leave it clamped for 24 hours.')).toBe(false);
    expect(askedMeasure('How loud is a thickness planer?')?.test('about 97 decibels')).toBe(true);
    expect(askedMeasure('How much does cherry cost?')?.test('cherry 8 dollars, walnut $12')).toBe(true);
    expect(askedMeasure('What angles do you sharpen at?')?.test('a micro-bevel at 30 degrees')).toBe(true);
    expect(askedMeasure('What percentage of FTP is zone 2?')?.test('Zone 2, endurance: 56 to 75%')).toBe(
      true,
    );
    const humidity = askedMeasure('What should the humidity be in the room?');
    expect(humidity?.test('between 40 and 60 percent relative humidity')).toBe(true);
    expect(humidity?.test('a humidity control system can be fitted')).toBe(false);
    const daily = askedMeasure('How long should I be practising each day?');
    expect(daily?.test('Twenty-five minutes a day beats two hours on a Sunday.')).toBe(true);
    expect(daily?.test('some have wanted to for forty years')).toBe(false);
  });

  it('matches a fraction of the unit with no number before it ("a quarter of an inch")', () => {
    const high = askedMeasure('How high should the table saw blade be above the board?');
    expect(high?.test('The teeth should clear the board by about a quarter of an inch.')).toBe(true);
    expect(high?.test('A quarter of the students came back.')).toBe(false);
  });

  it('reads "how large / big / small" as asking a size, an area included', () => {
    const size = askedMeasure('How large is your seagrass meadow?');
    expect(size?.test('Ours covers about 3 hectares.')).toBe(true);
    expect(size?.test('The pond is 40 metres across.')).toBe(true);
    expect(size?.test('We put the hydrophone there in 2019, for five minutes every half hour.')).toBe(false);
    expect(askedMeasure('How big is the garden?')?.test('It is two acres.')).toBe(true);
  });

  it('reads "how many <things>" as asking a count of those things, whatever they are', () => {
    const people = askedMeasure('How many people visit the lab each year?');
    expect(people?.test('About four thousand people a year come through the door.')).toBe(true);
    expect(people?.test('A school visit is 180 pounds for a class of up to 30 pupils.')).toBe(false);
    const octopuses = askedMeasure('How many octopuses have you spotted?');
    expect(octopuses?.test('That makes three octopuses this year.')).toBe(true);
    expect(octopuses?.test('My third octopus on this shore.')).toBe(false);
    expect(askedMeasure('How many coats do you put on?')?.test('three coats, a day apart')).toBe(true);
    expect(askedMeasure('How many classes are there?')?.test('two classes a month')).toBe(true);
    expect(askedMeasure('How many classes are there?')?.test('one class a month')).toBe(true);
    expect(askedMeasure('How many berries?')?.test('a few berries')).toBe(true);
    // What is counted may be described between the number and its name, but not by a unit.
    const meals = askedMeasure('How many meals a day should a puppy get?');
    expect(meals?.test('At eight weeks, most puppies have four small meals a day.')).toBe(true);
    expect(
      askedMeasure('How many riders do you take on?')?.test('For a 70 kg rider that is 140 grams.'),
    ).toBe(false);
    expect(askedMeasure('How many classes a year?')?.test('The 1,450 dollar class fee is a barrier.')).toBe(
      false,
    );
  });

  it('reads "old enough" and "too young" as asking an age', () => {
    expect(
      askedMeasure('My son is thirteen. Is he old enough?')?.test('Juniors: 12 and over, with a parent.'),
    ).toBe(true);
    expect(askedMeasure('Is six too young to start?')?.test('Children from 7 years old.')).toBe(true);
  });

  it('reads "how much extra" and "set me back" as asking a price', () => {
    expect(askedMeasure('How much extra is that each week?')?.test('2.50 pounds a week')).toBe(true);
    expect(askedMeasure('What would a bespoke suit set me back?')?.test('from 1,650 pounds')).toBe(true);
    expect(askedMeasure('How much extra flour?')).toBeNull();
    expect(
      askedMeasure('How much will it be to have them posted back?')?.test('Tracked 48 is 4.80 pounds.'),
    ).toBe(true);
  });

  it('asks for no measure when the question does not name one', () => {
    expect(askedMeasure('What glue do you use for chairs?')).toBeNull();
  });
});

describe('priceWords', () => {
  it('names the words asking for a price, not "pay" (whether) nor a dimension', () => {
    expect(priceWords("What's your price for tuning an upright?")).toEqual(['price']);
    expect(priceWords('How much do you charge to post honey, and what does it cost abroad?')).toEqual([
      'charge',
      'cost',
    ]);
    expect(priceWords('Do I still have to pay for my loaves while we are away?')).toEqual([]);
    expect(priceWords('What height should the bench be?')).toEqual([]);
  });
});
